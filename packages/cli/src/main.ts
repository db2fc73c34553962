console.log('platform: not implemented yet');
